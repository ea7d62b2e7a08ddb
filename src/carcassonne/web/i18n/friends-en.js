// English: the texts of friends (see en.js).

export default {
};
