// Brand facts in one place for the web AND the e-mails: they live in packages/shared/src/site.ts
// (the API's mail templates read them too); the storefront imports them from here.
export { site } from '@store/shared/site';
