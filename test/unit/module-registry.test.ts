import { describe, expect, it } from 'vitest';
import { ModuleRegistry, type ModuleDeclaration } from '../../src/app/capabilities/module-registry.js';
import { PAGINATION, REQUEST_LIMITS } from '../../src/contract/limits.js';

const NOTES: ModuleDeclaration = {
  moduleId: 'notes',
  name: 'Notes',
  summary: 'A test module.',
  actions: [
    { dispatchKey: 'notes.read', name: 'read', summary: 'Reads.' },
    { dispatchKey: 'notes.write', name: 'write', summary: 'Writes.' },
  ],
};
const OTHER: ModuleDeclaration = { ...NOTES, moduleId: 'other', actions: [{ dispatchKey: 'other.run', name: 'run', summary: 'Runs.' }] };

describe('ModuleRegistry', () => {
  it('leaves out an enabled module action that has no registered handler', () => {
    const registry = new ModuleRegistry(['notes']);
    registry.declare(NOTES);
    registry.registerHandler('notes.read');
    const manifest = registry.manifest();
    expect(manifest.modules).toEqual([
      { module_id: 'notes', name: 'Notes', summary: 'A test module.', actions: [{ dispatch_key: 'notes.read', name: 'read', summary: 'Reads.' }] },
    ]);
    expect(registry.isActionExposed('notes.read')).toBe(true);
    expect(registry.isActionExposed('notes.write')).toBe(false);
  });

  it('leaves out a disabled module entirely and does not expose its actions', () => {
    const registry = new ModuleRegistry(['notes']);
    registry.declare(NOTES);
    registry.declare(OTHER);
    registry.registerHandler('other.run');
    expect(registry.manifest().modules?.map((module) => module.module_id)).toEqual([]);
    expect(registry.isActionExposed('other.run')).toBe(false);
  });

  it('projects pagination and request policy from the constants the gate enforces', () => {
    const manifest = new ModuleRegistry([]).manifest();
    expect(manifest.request_policy).toEqual({
      max_body_bytes: REQUEST_LIMITS.maxBodyBytes,
      max_collection_items: REQUEST_LIMITS.maxCollectionItems,
      max_json_depth: REQUEST_LIMITS.maxJsonDepth,
      max_string_characters: REQUEST_LIMITS.maxStringCharacters,
    });
    expect(manifest.pagination).toEqual({
      default_limit: PAGINATION.defaultLimit,
      maximum_limit: PAGINATION.maximumLimit,
      maximum_cursor_characters: PAGINATION.maximumCursorCharacters,
    });
  });

  it('refuses handlers for undeclared actions and actions outside their module', () => {
    const registry = new ModuleRegistry([]);
    registry.declare(NOTES);
    expect(() => registry.registerHandler('notes.delete')).toThrow();
    expect(() => registry.declare({ ...OTHER, actions: [{ dispatchKey: 'notes.run', name: 'run', summary: 'x' }] })).toThrow();
  });
});
