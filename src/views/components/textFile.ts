import type { ChangeEvent } from 'react';

/** A file's text through FileReader (works in every browser and in jsdom); '' when the browser cannot read it. */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    // An unreadable file reaches the machine as an empty one, which it refuses with its own error text.
    reader.onerror = () => resolve('');
    reader.readAsText(file);
  });
}

/**
 * The onChange of an `<input type="file">` that hands the chosen file's name and text to `use` (which sends the
 * machine's event) and clears the input, so the same file can be chosen again.
 */
export function onTextFileChosen(use: (fileName: string, text: string) => void) {
  return async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const text = await readText(file);
    input.value = '';
    use(file.name, text);
  };
}
