// Polski: odmowy serwera, na które gracz trafia na stronach
// (js/server-errors.js dopasowuje angielski tekst serwera do tych kluczy).

import { forms } from "./plural.js";

const { plural } = forms("pl");

const inMinutes = (n) => plural(n, { one: "# minutę", few: "# minuty", many: "# minut", other: "# minuty" });

export default {
  "serverError.wrongLogin": "Błędna nazwa lub hasło.",
  "serverError.logIn": "Najpierw się zaloguj.",
  "serverError.nameTaken": "Nazwa {name} jest już zajęta.",
  "serverError.nameRule": "Nazwa ma od {low} do {high} znaków: litery, cyfry, _ lub -.",
  "serverError.password": "Hasło ma od {low} do {high} znaków.",
  "serverError.tooManyLogins": ({ n }) => `Zbyt wiele nieudanych logowań: spróbuj ponownie za ${inMinutes(n)}.`,
  "serverError.suspended": "To konto jest zawieszone: nie można się na nie zalogować.",
  "serverError.suspendedWrite": "Twoje konto jest zawieszone: nie możesz pisać.",
  "serverError.seatsTaken": "Wszystkie miejsca są zajęte.",
  "serverError.started": "Gra już się zaczęła: nie ma wolnego miejsca.",
  "serverError.seated": "Masz już miejsce przy tym stole.",
  "serverError.chatVisitor": "Goście tylko czytają czat: zaloguj się lub zajmij miejsce, by pisać.",
  "serverError.chatPlayers": "Na czacie tego stołu piszą tylko gracze: widzowie czytają.",
  "serverError.slowDown": "Zbyt wiele żądań: odczekaj kilka sekund.",
  "serverError.hour": "Zbyt wiele takich żądań: spróbuj ponownie za godzinę.",
  "serverError.rated": "Zaloguj się, by grać przy stole rankingowym.",
  "serverError.resetLink": "Ten link do ustawienia nowego hasła został już użyty albo wygasł.",
  "serverError.over": "Gra się skończyła.",
  "serverError.noPlayer": "Nie ma takiego gracza.",
  "serverError.noTable": "Nie ma takiego stołu.",
  "serverError.noCompetition": "Nie ma takich zawodów.",
};
