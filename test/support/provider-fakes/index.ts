export { startFakeProvider, type FakeProvider, type FakeReply, type RecordedCall } from './fake-provider.js';
export { errorBody, textFrames, type TextAnswer, type WireKind } from './wire-frames.js';
