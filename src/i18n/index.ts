// Message catalogues by locale. English is the only one; add a locale by adding a folder beside en/.
export { en } from './en';
