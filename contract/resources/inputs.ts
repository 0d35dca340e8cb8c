// A declaration's inputs (docs/resources.md "Inputs"): values a create or update takes that no column
// of the resource keeps. The binding's hooks act on them (validate reads them, afterChange writes them
// elsewhere, as users' memberships and roles). They are in the bodies and in the form, after the
// fields of their group, and nowhere else: not in the read shape, the table, the history, a bulk
// change or an import.

interface InputBase {
  /** The English label the form shows. */
  label: string;
  /** The form group it sits in (as a field's `group`). */
  group: string;
  /** A hint under the label (the form's `label-help`). */
  help?: string;
  /** 'update': only the update body and the edit form take it (an action on an existing record). */
  on?: 'update';
}

/** Yes or no (an action such as "Email a link to set a new password"). */
export interface CheckboxInput extends InputBase {
  type: 'checkbox';
}

/** One record of another resource by its id, or none ('' or null). */
export interface RefInput extends InputBase {
  type: 'select';
  ref: { to: string };
}

/** Several records of another resource (a checkbox list): their ids, or `{ uuid }` objects as a record nests them. */
export interface RefsInput extends InputBase {
  type: 'checkbox';
  multiple: true;
  ref: { to: string };
  maxItems: number;
}

export type InputDecl = CheckboxInput | RefInput | RefsInput;
export type Inputs = Readonly<Record<string, InputDecl>>;

type Opts = { help?: string; on?: 'update' };
const base = (label: string, o: Opts) => ({
  label,
  group: '',
  ...(o.help ? { help: o.help } : {}),
  ...(o.on ? { on: o.on } : {}),
});

/** `...group('User', { disabled: checkboxInput('Disabled', { on: 'update' }) })` among a declaration's `inputs`. */
export const checkboxInput = (label: string, o: Opts = {}): CheckboxInput => ({ type: 'checkbox', ...base(label, o) });

/** One referenced record: `refInput('Olympus role', 'roles')`. */
export const refInput = (label: string, to: string, o: Opts = {}): RefInput => ({
  type: 'select',
  ref: { to },
  ...base(label, o),
});

/** Several referenced records: `refsInput('Companies', 'companies', { maxItems: 1000 })`. */
export const refsInput = (label: string, to: string, o: Opts & { maxItems: number }): RefsInput => ({
  type: 'checkbox',
  multiple: true,
  ref: { to },
  maxItems: o.maxItems,
  ...base(label, o),
});

/** Whether the create body and form take it (else only the update's). */
export const onCreate = (i: InputDecl) => i.on !== 'update';
