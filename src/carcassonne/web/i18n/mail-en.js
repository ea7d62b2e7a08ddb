// English: the texts of mail (see en.js).

export default {
};
