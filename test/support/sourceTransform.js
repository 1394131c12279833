// Jest transform for files webpack imports as `asset/source` (help pages in markdown): the module is the text.
module.exports = {
  process(source) {
    return { code: `module.exports = ${JSON.stringify(source)};` };
  },
};
