import { describe, expect, it } from 'vitest';
import { draftOwner, ownsDraft, tokenSubject } from '../../src/domain/session-owner.js';

const token = (claims: object) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.c2ln`;
const anna = token({ sub: '7', exp: 4102444800 });
const annaAgain = token({ sub: '7', exp: 4102448400 });
const bert = token({ sub: 8 });
const opaque = 'not-a-jwt';

describe('whose is a draft (issue 45 item 3)', () => {
  it('reads the customer a token names, and nothing from a token that names none', () => {
    expect(tokenSubject(anna)).toBe('7');
    expect(tokenSubject(bert)).toBe('8');
    expect(tokenSubject(opaque)).toBeNull();
    expect(tokenSubject(token({ exp: 1 }))).toBeNull();
    expect(tokenSubject('a.!!!.b')).toBeNull();
  });

  it('typed without a login, a draft goes with the visitor who logs in; typed by a customer, only with that customer', () => {
    const stays = (from: string | null, to: string | null) => ownsDraft(draftOwner(from), to);
    expect(stays(null, anna)).toBe(true);
    expect(stays(null, null)).toBe(true);
    expect(stays(anna, anna)).toBe(true);
    expect(stays(anna, annaAgain)).toBe(true);
    expect(stays(anna, bert)).toBe(false);
    expect(stays(anna, null)).toBe(false);
    // a token that names nobody: no later session is known to be the same customer
    expect(stays(opaque, anna)).toBe(false);
  });

  it('a kept draft records its owner and fills only that owner\'s page', () => {
    expect(draftOwner(null)).toBeNull();
    expect(draftOwner(anna)).toBe('7');
    expect(draftOwner(opaque)).toBe('?');
    expect(ownsDraft(null, bert)).toBe(true);
    expect(ownsDraft('7', annaAgain)).toBe(true);
    expect(ownsDraft('7', bert)).toBe(false);
    expect(ownsDraft('7', null)).toBe(false);
    expect(ownsDraft('?', opaque)).toBe(false);
  });
});
