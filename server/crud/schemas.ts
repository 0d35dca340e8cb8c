// The TypeBox shapes a declaration implies (docs/resources.md): the record as read, the create body
// and the update body (the same fields, each optional). Same building blocks as the hand-written
// resources (../schemas.ts), so validation messages and OpenAPI entries match theirs.
import { Type, type TObject, type TSchema } from 'typebox';
import {
  choiceLabel,
  isComputed,
  type ChoiceField,
  type FieldDecl,
  type ResourceDecl,
} from '../../contract/resources/declare';
import {
  Checkbox,
  Nullable,
  OptChoice,
  OptInteger,
  OptNumber,
  OptRef,
  OptText,
  RefList,
  RequiredText,
  Uuid,
} from '../http/schemas';
import { onCreate, type InputDecl } from '../../contract/resources/inputs';
import type { Computed, CrudHooks } from './binding';
import { withCondition } from './conditions';
import { kindBody, kindRead, rulesOf } from './kinds';
import { moneyBody, moneyRead } from './money';
import { multiChoiceBody, multiChoiceRead } from './multiChoice';
import { BodyVersion, ReadVersion } from './versions';
import { fileBody, fileRead } from './fileFields';

export interface CrudSchemas {
  read: TObject;
  /** The edit form's record: the read shape and the edit hook's additions. */
  edit: TObject;
  create: TObject;
  update: TObject;
}

function readSchema(f: FieldDecl): TSchema {
  // Computed on read (docs/resources.md "Computed fields"): one of its options, never sent.
  if (isComputed(f) && 'options' in f)
    return Type.Unsafe<string>({ type: 'string', enum: [...f.options], readOnly: true });
  if ('many' in f) return Type.Array(Type.String());
  if (f.type === 'checkbox') return Type.Boolean();
  if ('ref' in f) return f.required ? Uuid : Nullable(Uuid);
  if (f.type === 'multichoice') return multiChoiceRead(f);
  if (f.type === 'file') return fileRead(f);
  if (f.type === 'money') return f.required ? moneyRead(f) : Nullable(moneyRead(f));
  const rules = rulesOf(f);
  const value =
    f.type === 'number' ? (f.integer ? Type.Integer() : Type.Number()) : rules ? kindRead(rules) : Type.String();
  return f.required || f.derived ? value : Nullable(value);
}

function bodySchema(f: FieldDecl): TSchema {
  // A single string is taken as a list of one (ajv coerces it).
  if ('many' in f)
    return Type.Optional(Type.Array(Type.String({ maxLength: f.many.maxlength }), { maxItems: f.many.maxItems }));
  switch (f.type) {
    case 'checkbox':
      return Type.Optional(Checkbox);
    case 'number':
      if (f.required)
        return f.integer
          ? Type.Integer({ minimum: f.min, maximum: f.max })
          : Type.Number({ minimum: f.min, maximum: f.max });
      return Type.Optional(f.integer ? OptInteger(f.min, f.max) : OptNumber(f.min, f.max));
    case 'select':
      if ('ref' in f) return f.required ? Type.String({ minLength: 1, maxLength: 64 }) : Type.Optional(OptRef);
      return choiceBody(f);
    case 'money':
      return moneyBody(f);
    case 'multichoice':
      return multiChoiceBody(f);
    case 'file':
      return fileBody(f);
    case 'date':
    case 'email':
    case 'tel':
    case 'url':
      return kindBody(f);
    default:
      // A text with a declared pattern is checked, trimmed and emptied like the kinds above.
      if (f.pattern) return kindBody(f);
      return f.required ? RequiredText(f.maxlength) : Type.Optional(OptText(f.maxlength));
  }
}

/** One of the options; declared labels are named in the OpenAPI description ("builtin: Built-in charts"). */
/** An input's body: every input is optional (the hooks say what its absence means). */
function inputBody(i: InputDecl): TSchema {
  if (i.type === 'select') return Type.Optional(OptRef);
  return Type.Optional('multiple' in i ? RefList(i.maxItems) : Checkbox);
}

function choiceBody(f: ChoiceField): TSchema {
  const labels = f.labels ? { description: f.options.map((v) => `${v}: ${choiceLabel(f, v)}`).join('; ') } : {};
  if (f.required) return Type.Unsafe<string>({ type: 'string', enum: [...f.options], ...labels });
  return Type.Optional(Type.Unsafe<string | null>({ ...OptChoice(f.options), ...labels }));
}

const RefRead = Type.Object({ uuid: Uuid, name: Type.String() });

export function crudSchemas(decl: ResourceDecl, hooks: Pick<CrudHooks, 'computed' | 'edit'>): CrudSchemas {
  const computed: Record<string, Computed> = hooks.computed ?? {};
  const read: Record<string, TSchema> = { uuid: Uuid, id: Uuid };
  const body: Record<string, TSchema> = {};
  for (const [name, f] of Object.entries(decl.fields)) {
    read[name] = readSchema(f);
    if ('ref' in f) read[f.ref.as] = f.required ? RefRead : Nullable(RefRead);
    if (!f.readOnly) body[name] = withCondition(bodySchema(f), f);
  }
  // A declared computed field's schema is its declaration's (readSchema); the hook gives only its SQL.
  for (const [name, c] of Object.entries(computed)) if (c.schema) read[name] = c.schema;
  // Every record carries its version, and an update may name the version it is based on (./versions.ts).
  const readShape = Type.Object({ ...read, version: ReadVersion });
  const edit = hooks.edit ? Type.Object({ ...readShape.properties, ...hooks.edit.schema }) : readShape;
  // The declaration's inputs: in the bodies, never read (docs/resources.md "Inputs").
  const inputs = Object.entries(decl.inputs ?? {});
  const created = Object.fromEntries(inputs.filter(([, i]) => onCreate(i)).map(([k, i]) => [k, inputBody(i)]));
  const updated = Object.fromEntries(inputs.map(([k, i]) => [k, inputBody(i)]));
  return {
    read: readShape,
    edit,
    create: Type.Object({ ...body, ...created }),
    update: Type.Object({ ...Type.Partial(Type.Object(body)).properties, ...updated, version: BodyVersion }),
  };
}
