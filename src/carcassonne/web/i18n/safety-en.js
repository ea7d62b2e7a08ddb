// English: the texts of safety (see en.js).

export default {
};
