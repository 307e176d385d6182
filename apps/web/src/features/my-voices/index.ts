// "My voices": a signed-in visitor's own voice profiles, trained from a recording, in the voice menu.
export { MyVoicesButton, useMenuWithMyVoices, useMyVoiceNames } from './my-voices-menu';
