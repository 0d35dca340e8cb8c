// The sign-in's second step: after the right password, a user with two-factor sign-in gets
// a 256-bit single-use challenge (SHA-256 stored, 5 minutes, like the first-login one) instead of a
// token; POST /auth/login/mfa redeems it with a code. A newer sign-in voids an older challenge.
import type { Db } from '../db';
import { createUserChallenge, findUserChallenge } from '../auth/challenges';

export const createSecondFactorChallenge = (db: Db, userId: string) => createUserChallenge(db, 'second_factor', userId);

/** The live challenge for this secret with its user; null when unknown, used or expired. */
export const findSecondFactorChallenge = (db: Db, secret: string) => findUserChallenge(db, 'second_factor', secret);
