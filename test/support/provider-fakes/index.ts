export { startFakeProvider, type FakeOptions, type FakeProvider, type FakeReply, type RecordedCall } from './fake-provider.js';
export { errorBody, nonStreamBody, textFrames, type FakeFinish, type OpenAiFlavour, type TextAnswer, type WireKind } from './wire-frames.js';
