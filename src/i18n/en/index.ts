// The English catalogue: react-admin's own texts (ra.*), Olympus's (olympus.*) and the declared
// resources' (resources.*).
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'ra-core';
import { account } from './account';
import { actor } from './actor';
import { access_review } from './accessReview';
import { audit, auditResource } from './audit';
import { auth } from './auth';
import { compliance } from './compliance';
import { forms } from './forms';
import { history } from './history';
import { invitation } from './invitation';
import { lists } from './lists';
import { reports } from './reports';
import { resources } from './resources';
import { shell } from './shell';
import { trash } from './trash';
import { imports } from './imports';

export const en: TranslationMessages = {
  ...englishMessages,
  olympus: {
    ...shell,
    account,
    actor,
    access_review,
    audit,
    auth,
    compliance,
    forms,
    history,
    imports,
    invitation,
    lists,
    reports,
    trash,
  },
  resources: { ...resources, audit: auditResource },
};
