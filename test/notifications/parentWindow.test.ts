/** @jest-environment jsdom */
import { postToParentWindow } from '../../sagas/messaging.saga';

describe('posting to the parent frame', () => {
  const realParent = Object.getOwnPropertyDescriptor(window, 'parent')!;
  afterEach(() => Object.defineProperty(window, 'parent', realParent));
  const withParent = () => {
    const postMessage = jest.fn();
    Object.defineProperty(window, 'parent', { configurable: true, value: { postMessage } });
    return postMessage;
  };

  it('posts only to the configured parent origin', () => {
    const postMessage = withParent();
    postToParentWindow('acceptedAllAgreements', 'https://portal.example.com');
    expect(postMessage).toHaveBeenCalledWith('acceptedAllAgreements', 'https://portal.example.com');
  });
  it('posts to its own origin when none is configured (never to "*")', () => {
    const postMessage = withParent();
    postToParentWindow('declinedAgreement', '');
    expect(postMessage).toHaveBeenCalledWith('declinedAgreement', window.location.origin);
  });
  it('does nothing when not embedded', () => {
    const spy = jest.spyOn(window, 'postMessage');
    postToParentWindow('acceptedAllAgreements', 'https://portal.example.com');
    expect(spy).not.toHaveBeenCalled();
  });
});
