/**
 * The account a request acts for was erased while the request was under way:
 * erasure deletes every account-owned row at once, so a module that finds the
 * account's row gone mid-request throws this. It is not an expected denial a
 * service could return (any read of the account may meet it), so it travels
 * as an exception, and the HTTP layer answers it 404 ACCOUNT_DELETED.
 */
export class AccountErasedError extends Error {
  constructor() {
    super('the account was erased while the request was under way');
    this.name = 'AccountErasedError';
  }
}
