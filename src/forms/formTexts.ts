// The i18n keys of a form screen's texts (titles, buttons, failure lines): a declared resource's are
// under resources.{spa}.form (src/resources/texts.ts).
// No imports: the catalogue builds on it, and the catalogue loads with the sign-in screens.

/** i18n keys of a resource's screens. */
export interface ResourceFormTexts {
  createTitle: string;
  editTitle: string;
  createSubmit: string;
  editSubmit: string;
  back: string;
  createFailed: string;
  updateFailed: string;
}

/** The i18n keys of a form screen's texts under one prefix: `{prefix}.create_title`, … */
export function formTextsUnder(prefix: string): ResourceFormTexts {
  const k = (name: string) => `${prefix}.${name}`;
  return {
    createTitle: k('create_title'),
    editTitle: k('edit_title'),
    createSubmit: k('create_submit'),
    editSubmit: k('edit_submit'),
    back: k('back'),
    createFailed: k('create_failed'),
    updateFailed: k('update_failed'),
  };
}
