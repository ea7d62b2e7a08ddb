// English: the texts of notify (see en.js).

export default {
};
