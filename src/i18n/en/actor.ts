// English names of who did something when it is not a person on record (src/people/actorName.ts),
// under `olympus.actor`: one name for the server itself on every screen.
export const actor = {
  system: 'Olympus',
  removed: 'Removed user',
  /** A person outside the reader's companies, whom the server does not name to them. */
  hidden: 'Someone outside your companies',
};
