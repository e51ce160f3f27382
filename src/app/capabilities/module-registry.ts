import type { CapabilityManifest, CapabilityModule } from '../../contract/capabilities.js';
import { PAGINATION_POLICY, REQUEST_SIZE_POLICY } from '../../contract/capabilities.js';
import { API_VERSION } from '../../contract/api-version.js';
import { CAPABILITY_LIMITS } from '../../contract/limits.js';

interface ActionDeclaration {
  /** `<module>.<action>`, e.g. `settings.patch`. */
  readonly dispatchKey: string;
  readonly name: string;
  readonly summary: string;
}

export interface ModuleDeclaration {
  readonly moduleId: string;
  readonly name: string;
  readonly summary: string;
  readonly actions: readonly ActionDeclaration[];
}

/**
 * Capability modules declare their actions; command handlers register themselves by
 * dispatch key. The manifest projects only actions of enabled modules that have a
 * registered handler, so a declared-but-unimplemented action is never advertised.
 */
export class ModuleRegistry {
  private readonly modules = new Map<string, ModuleDeclaration>();
  private readonly handled = new Set<string>();
  private readonly enabled: ReadonlySet<string>;

  constructor(enabledModules: Iterable<string>) {
    this.enabled = new Set(enabledModules);
  }

  declare(module: ModuleDeclaration): void {
    if (this.modules.has(module.moduleId)) throw new Error(`module declared twice: ${module.moduleId}`);
    if (this.modules.size >= CAPABILITY_LIMITS.maxModules) throw new Error('too many capability modules');
    if (module.actions.length > CAPABILITY_LIMITS.maxActionsPerModule) throw new Error('too many actions');
    for (const action of module.actions) {
      if (!action.dispatchKey.startsWith(`${module.moduleId}.`)) {
        throw new Error(`action ${action.dispatchKey} does not belong to module ${module.moduleId}`);
      }
    }
    this.modules.set(module.moduleId, module);
  }

  /** Records that a command handler exists for this action. */
  registerHandler(dispatchKey: string): void {
    const moduleId = dispatchKey.slice(0, dispatchKey.indexOf('.'));
    const module = this.modules.get(moduleId);
    if (!module || !module.actions.some((action) => action.dispatchKey === dispatchKey)) {
      throw new Error(`handler for undeclared action: ${dispatchKey}`);
    }
    this.handled.add(dispatchKey);
  }

  isModuleEnabled(moduleId: string): boolean {
    return this.enabled.has(moduleId) && this.modules.has(moduleId);
  }

  /** True when the action's module is enabled and a handler is registered: its routes are exposed. */
  isActionExposed(dispatchKey: string): boolean {
    const moduleId = dispatchKey.slice(0, dispatchKey.indexOf('.'));
    return this.isModuleEnabled(moduleId) && this.handled.has(dispatchKey);
  }

  manifest(): CapabilityManifest {
    const modules: CapabilityModule[] = [];
    for (const module of this.modules.values()) {
      if (!this.enabled.has(module.moduleId)) continue;
      const actions = module.actions
        .filter((action) => this.handled.has(action.dispatchKey))
        .map((action) => ({ dispatch_key: action.dispatchKey, name: action.name, summary: action.summary }));
      if (actions.length === 0) continue;
      modules.push({ module_id: module.moduleId, name: module.name, summary: module.summary, actions });
    }
    return { api: { ...API_VERSION }, modules, pagination: { ...PAGINATION_POLICY }, request_policy: { ...REQUEST_SIZE_POLICY } };
  }
}
