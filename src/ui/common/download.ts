// Saves a file for the designer: a Blob from parts (a big export is many parts, never one giant string).
export function download(name: string, parts: BlobPart[] | string) {
  const url = URL.createObjectURL(new Blob(typeof parts === 'string' ? [parts] : parts, { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
