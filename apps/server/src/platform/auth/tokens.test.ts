import { describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT } from 'jose';
import { createTokenSigner, TOKEN_AUDIENCE, TOKEN_ISSUER } from './tokens';

const secret = new TextEncoder().encode('a'.repeat(40));
const signer = createTokenSigner(secret);

describe('bearer tokens', () => {
  it('round-trips its claims', async () => {
    const { token } = await signer.sign({ userId: 7, sessionId: 's-1' });
    await expect(signer.verify(token)).resolves.toEqual({ userId: 7, sessionId: 's-1' });
  });

  it('refuses a token signed with another secret', async () => {
    const other = createTokenSigner(new TextEncoder().encode('b'.repeat(40)));
    const { token } = await other.sign({ userId: 7, sessionId: 's' });
    await expect(signer.verify(token)).resolves.toBeNull();
  });

  it('refuses an alg:none token', async () => {
    const token = new UnsecuredJWT({ sid: 's' })
      .setSubject('7')
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('1h')
      .encode();
    await expect(signer.verify(token)).resolves.toBeNull();
  });

  it('refuses an expired token', async () => {
    const past = createTokenSigner(secret, () => Date.now() - 3 * 24 * 3600 * 1000);
    const { token } = await past.sign({ userId: 7, sessionId: 's' });
    await expect(signer.verify(token)).resolves.toBeNull();
  });

  it('refuses a tampered payload and garbage', async () => {
    const { token } = await signer.sign({ userId: 7, sessionId: 's' });
    const [h, , sig] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ sub: '1', sid: 's', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, exp: 9e9 })).toString('base64url')}.${sig}`;
    await expect(signer.verify(forged)).resolves.toBeNull();
    await expect(signer.verify('not.a.token')).resolves.toBeNull();
    await expect(signer.verify('')).resolves.toBeNull();
  });

  it('refuses a token whose subject is not an account id', async () => {
    const token = await new SignJWT({ sid: 's' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('admin')
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('1h')
      .sign(secret);
    await expect(signer.verify(token)).resolves.toBeNull();
  });
});
