import { describe, expect, it } from 'vitest';
import { can, mayUseConsole, roleMay, type PolicyActor } from './policy';

const actor = (role: PolicyActor['role'], customerId: string | null = null): PolicyActor => ({ id: 'u1', role, customerId });

describe('the policy table', () => {
  it('lets owners and office staff work the console, and keeps crews and customers out of it', () => {
    expect(mayUseConsole('owner')).toBe(true);
    expect(mayUseConsole('office')).toBe(true);
    expect(mayUseConsole('crew')).toBe(false);
    expect(mayUseConsole('customer')).toBe(false);
  });

  it('gives staff management to owners only', () => {
    expect(roleMay('owner', 'create', 'staffUser')).toBe(true);
    expect(roleMay('office', 'create', 'staffUser')).toBe(false);
  });

  it('shows a customer only their own company’s properties and photos', () => {
    const manager = actor('customer', 'c1');
    expect(roleMay('customer', 'read', 'property')).toBe(true);
    expect(can(manager, 'read', 'property', { customerId: 'c1' })).toBe(true);
    expect(can(manager, 'read', 'property', { customerId: 'c2' })).toBe(false);
    expect(can(manager, 'read', 'property')).toBe(false);
    expect(can(actor('customer', null), 'read', 'photo', { customerId: null })).toBe(false);
    expect(can(manager, 'delete', 'photo', { customerId: 'c1' })).toBe(false);
  });

  it('shows a crew member only the visits assigned to them', () => {
    expect(can(actor('crew'), 'read', 'visit', { assignedUserIds: ['u1', 'u2'] })).toBe(true);
    expect(can(actor('crew'), 'read', 'visit', { assignedUserIds: ['u2'] })).toBe(false);
    expect(can(actor('crew'), 'read', 'property', { customerId: 'c1' })).toBe(false);
  });

  it('lets the office plan and change visits, and a crew member only work on their own', () => {
    for (const action of ['create', 'update'] as const) {
      expect(roleMay('office', action, 'visit')).toBe(true);
      expect(roleMay('crew', action, 'visit')).toBe(false);
      expect(roleMay('customer', action, 'servicePlan')).toBe(false);
    }
    expect(can(actor('crew'), 'create', 'visitWork', { assignedUserIds: ['u1'] })).toBe(true);
    expect(can(actor('crew'), 'create', 'visitWork', { assignedUserIds: ['u2'] })).toBe(false);
    expect(roleMay('office', 'create', 'visitWork')).toBe(false);
    expect(roleMay('customer', 'list', 'visit')).toBe(false);
    expect(roleMay('crew', 'list', 'crewMember')).toBe(false);
    expect(roleMay('office', 'invite', 'crewMember')).toBe(true);
  });
});
