"""What each mail says, in English and Japanese.

For every kind: ``subject``, ``body`` (one paragraph; ``{placeholders}``
are filled from the row's params, see render.py) and ``action`` (the words
of its one link). ``common`` holds what every mail shares, ``kinds`` the
name of each notice kind (the footer and the unsubscribe page say it),
``page`` the unsubscribe page's words. A language missing a text falls
back to English (:func:`text`).

    >>> text("ja", "your_turn", "subject")
    'あなたの番です: {name}'
    >>> text("xx", "your_turn", "subject")
    'Your turn: {name}'
"""

from __future__ import annotations

#: The languages mail is written in; an account's other choice gets English.
LANGUAGES = ("en", "ja")

TEXTS: dict[str, dict[str, dict[str, str]]] = {
    "en": {
        "common": {
            "greeting": "Hello {account},",
            "footer": "You get this mail because “{kind}” mails are switched on in your "
                      "settings. Stop them with one click: {unsubscribe}\nAll your mail "
                      "settings: {settings}",
            "stop": "Stop these mails",
            "own": "You get this mail because it was asked for your account on {site}.",
            "signature": "Carcassonne at {site}",
        },
        "verify": {
            "subject": "Confirm your e-mail address",
            "body": "This address ({email}) was given for the Carcassonne account {account}. "
                    "Open the link below within a day to confirm it. If it was not you, "
                    "ignore this mail: nothing will be sent to this address.",
            "action": "Confirm my address",
        },
        "reset": {
            "subject": "Set a new password",
            "body": "Someone asked to set a new password for the account {account}. The "
                    "link below works once, within an hour. If it was not you, ignore this "
                    "mail: your password stays as it is.",
            "action": "Set a new password",
        },
        "your_turn": {
            "subject": "Your turn: {name}",
            "body": "It is your turn at the table “{name}”.",
            "action": "Open the table",
        },
        "deadline": {
            "subject": "A deadline is near: {name}",
            "body": "“{name}” waits for you until {at}.",
            "action": "Open it",
        },
        "match": {
            "subject": "Your match is ready: {name}",
            "body": "Your match in “{name}” is ready.",
            "body_round": "Round {round} of “{name}” has opened: your match is ready.",
            "action": "Open the competition",
        },
        "rematch": {
            "subject": "{from} offers a rematch",
            "body": "{from} offers you a rematch.",
            "action": "Open the table",
        },
        "invitation": {
            "subject": "{from} invites you to a table",
            "body": "{from} invites you to the table “{name}”.",
            "action": "Open the table",
        },
        "thread": {
            "subject": "{from} wrote in your match: {name}",
            "body": "{from} wrote in your match's thread in “{name}”:",
            "action": "Answer",
        },
        "reminder": {
            "subject": "Your game starts soon: {name}",
            "body": "Your game against {from} in “{name}” is agreed for {at}.",
            "action": "Open the match",
        },
        "kinds": {
            "your_turn": "your turn", "deadline": "deadlines", "match": "competition matches",
            "rematch": "rematch offers", "invitation": "invitations",
            "thread": "match messages", "reminder": "reminders of agreed games",
        },
        "page": {
            "title": "Stop these mails",
            "ask": "Stop “{kind}” mails for the account {account}?",
            "button": "Stop them",
            "done": "Done: you will no longer get “{kind}” mails. You can switch them on "
                    "again in your settings.",
            "settings": "Settings",
            "unknown": "This link is not valid.",
        },
    },
    "ja": {
        "common": {
            "greeting": "{account} さん",
            "footer": "設定で「{kind}」のメールを受け取るようにしているため、このメールを"
                      "お送りしました。ワンクリックで停止: {unsubscribe}\nメールの設定: "
                      "{settings}",
            "stop": "このメールを停止する",
            "own": "{site} であなたのアカウントについて依頼があったため、このメールを"
                   "お送りしました。",
            "signature": "カルカソンヌ ({site})",
        },
        "verify": {
            "subject": "メールアドレスの確認",
            "body": "このアドレス ({email}) がカルカソンヌのアカウント {account} に登録されま"
                    "した。1日以内に下のリンクを開いて確認してください。心当たりがなければ、"
                    "このメールは無視してください。このアドレスには何も送られません。",
            "action": "アドレスを確認する",
        },
        "reset": {
            "subject": "新しいパスワードの設定",
            "body": "アカウント {account} のパスワードを新しく設定するよう依頼がありました。"
                    "下のリンクは1時間以内に1回だけ使えます。心当たりがなければ、このメールは"
                    "無視してください。パスワードは変わりません。",
            "action": "新しいパスワードを設定する",
        },
        "your_turn": {
            "subject": "あなたの番です: {name}",
            "body": "テーブル「{name}」であなたの番です。",
            "action": "テーブルを開く",
        },
        "deadline": {
            "subject": "期限が近づいています: {name}",
            "body": "「{name}」の期限は {at} です。",
            "action": "開く",
        },
        "match": {
            "subject": "対戦の準備ができました: {name}",
            "body": "「{name}」であなたの対戦の準備ができました。",
            "body_round": "「{name}」の第{round}ラウンドが始まりました。あなたの対戦の準備が"
                          "できています。",
            "action": "大会を開く",
        },
        "rematch": {
            "subject": "{from} さんから再戦の申し込み",
            "body": "{from} さんが再戦を申し込んでいます。",
            "action": "テーブルを開く",
        },
        "invitation": {
            "subject": "{from} さんからテーブルへの招待",
            "body": "{from} さんがあなたをテーブル「{name}」に招待しています。",
            "action": "テーブルを開く",
        },
        "thread": {
            "subject": "{from} さんが対戦スレッドに書き込みました: {name}",
            "body": "「{name}」のあなたの対戦のスレッドに {from} さんが書き込みました:",
            "action": "返信する",
        },
        "reminder": {
            "subject": "まもなく対戦です: {name}",
            "body": "「{name}」での {from} さんとの対戦は {at} に約束されています。",
            "action": "対戦を開く",
        },
        "kinds": {
            "your_turn": "あなたの番", "deadline": "期限", "match": "大会の対戦",
            "rematch": "再戦の申し込み", "invitation": "招待",
            "thread": "対戦スレッドのメッセージ", "reminder": "約束した対戦のリマインダー",
        },
        "page": {
            "title": "メールの停止",
            "ask": "アカウント {account} への「{kind}」のメールを停止しますか?",
            "button": "停止する",
            "done": "停止しました。「{kind}」のメールはもう届きません。設定でいつでも"
                    "元に戻せます。",
            "settings": "設定",
            "unknown": "このリンクは無効です。",
        },
    },
}


def language_of(code: str | None) -> str:
    """The mail language for an account's choice ``code`` (English by default)."""
    return code if code in LANGUAGES else "en"


def text(language: str, group: str, key: str) -> str:
    """The text ``key`` of ``group`` (a kind, ``common``, ``kinds`` or
    ``page``) in ``language``, else in English."""
    found = TEXTS.get(language, {}).get(group, {}).get(key)
    return found if found is not None else TEXTS["en"][group][key]
