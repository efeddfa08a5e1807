/** The plugin's default messages (sample 190, a new form) and how a form's own messages override them. */
import { DEFAULT_MESSAGES, messageFor } from '../../src/form-tags';
import { sampleJson } from '../samples';

const sample = sampleJson;

describe('messages', () => {
  it('sample 190: every default message, in the plugin order', () => {
    expect(JSON.stringify(DEFAULT_MESSAGES)).toBe(
      JSON.stringify(sample('190-cf7-contact-forms-create-without-context-not-saved.txt').properties.messages),
    );
  });
  it('a form message wins when it is a non-empty string; anything else falls back', () => {
    expect(messageFor('spam', { spam: 'No.' })).toBe('No.');
    expect(messageFor('spam', { spam: '' })).toBe(DEFAULT_MESSAGES.spam);
    expect(messageFor('spam', { spam: 42 })).toBe(DEFAULT_MESSAGES.spam);
    expect(messageFor('spam', Object.create({ spam: 'inherited' }))).toBe(DEFAULT_MESSAGES.spam);
    expect(messageFor('spam', null)).toBe(DEFAULT_MESSAGES.spam);
  });
});
