/**
 * Stands in, in the browser build, for three libraries epub.js imports at the top of its modules
 * but never runs in our reader: JSZip (for books opened as a packed .epub file), localForage (for
 * its own offline store) and xmldom (for runtimes without a DOMParser). The reader opens unpacked
 * books by the address of their package document in a browser, so none of them is reached; if one
 * ever were, the reader fails loudly instead of working differently.
 */
class NotInThisBuild {
  constructor() {
    throw new Error('This part of epub.js is not included in the reader.');
  }

  static createInstance(): never {
    return new NotInThisBuild() as never;
  }
}

export default NotInThisBuild;
export const DOMParser = NotInThisBuild;
export const XMLSerializer = NotInThisBuild;
