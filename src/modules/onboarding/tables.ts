import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ProductFunction } from '../../framework/functions.ts';
import type { Milestone } from './trial.ts';

/**
 * When each onboarding milestone was first completed. A milestone once
 * completed stays so: undoing its evidence later (clearing the registry)
 * does not put an account back into read-only mode.
 */
export const onboardingMilestones = pgTable(
  'onboarding_milestones',
  {
    /** Foreign key to accounts(id), ON DELETE CASCADE: declared in the migrations, as every cross-module key is. */
    accountId: uuid('account_id').notNull(),
    milestone: text('milestone').$type<Milestone>().notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.milestone] })],
);

/** The latest answers to the welcome interview (the Day 1 milestone), one row per account. */
export const welcomeInterviews = pgTable('welcome_interviews', {
  /** Foreign key to accounts(id), ON DELETE CASCADE (migrations). */
  accountId: uuid('account_id').primaryKey(),
  /** Who answered last (the identity provider's subject). */
  respondentUserId: text('respondent_user_id').notNull(),
  /** The respondent's role in their company, in their words ("Head of Product"): not an account role. */
  respondentRole: text('respondent_role').notNull(),
  goals: jsonb('goals').$type<string[]>().notNull(),
  productName: text('product_name').notNull(),
  productUrl: text('product_url'),
  teamSize: integer('team_size').notNull(),
  /** The first submission; resubmitting changes the answers and `updatedAt`, never this. */
  submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** The team registry (the Week 1 org map): who owns each of the six functions for a product. */
export const teamRegistryOwners = pgTable(
  'team_registry_owners',
  {
    /** Foreign key to accounts(id), ON DELETE CASCADE (migrations). */
    accountId: uuid('account_id').notNull(),
    /** Foreign key to products(id), ON DELETE CASCADE (migrations): a product's map goes with it. */
    productId: uuid('product_id').notNull(),
    function: text('function').$type<ProductFunction>().notNull(),
    ownerName: text('owner_name').notNull(),
    ownerEmail: text('owner_email'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.function] }), index('team_registry_owners_account_idx').on(table.accountId, table.productId)],
);
