// The strings of the note under the search box when a number is searched (SearchNumberNote.svelte), both
// languages; they load with it, the first time a number is typed (issue 34, item 4).
export default {
  en: {
    'cat.searchNumber': '“{q}” finds level {q} of the catalogue ({name}, No. {k} in its pack) and the names containing {q}.',
    'cat.searchNumberNone': '“{q}” finds the names containing {q}: the catalogue has no level {q}.',
  },
  zh: {
    'cat.searchNumber': '“{q}”会找到目录中的第 {q} 关（{name}，包内第 {k} 关），以及名称含“{q}”的关卡。',
    'cat.searchNumberNone': '“{q}”只会找到名称含“{q}”的关卡：目录中没有第 {q} 关。',
  },
};
