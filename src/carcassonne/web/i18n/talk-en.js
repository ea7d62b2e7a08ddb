// English: the texts of talk (see en.js).

export default {
};
