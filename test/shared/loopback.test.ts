import { isLoopbackAddress } from '../../src/shared/loopback';

test.each([
  ['http://127.0.0.1:8080/api/pki/public/cas/1/crl', true],
  ['http://127.1.2.3/crl', true],
  ['http://localhost/crl', true],
  ['http://LOCALHOST.:8080/crl', true],
  ['http://console.localhost/crl', true],
  ['http://[::1]:8080/crl', true],
  ['http://[::ffff:127.0.0.1]/crl', true],
  ['localhost', true],
  ['https://rampart.example.test/api/pki/public/cas/1/crl', false],
  ['http://192.0.2.10/crl', false],
  ['http://128.0.0.1/crl', false],
  ['http://localhost.example.com/crl', false],
  ['http://[2001:db8::1]/crl', false],
  ['not a url://', false],
])('%s is loopback: %s', (address, expected) => {
  expect(isLoopbackAddress(address)).toBe(expected);
});
