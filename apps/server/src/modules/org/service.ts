/**
 * Organisation rules (README.md), one file per job: which property and scope a call works in (scope.ts), the tree
 * (tree.ts), members (membership.ts), invitations (invitations.ts), join requests (join-requests.ts) and what
 * the last two share (requests.ts). This file is the module's face for routes and other modules. No SQL, no HTTP.
 */
export { answerInvite, deliverPendingInvitations, invite, inviteInfo, registerMember } from './invitations';
export { applyJoin, listRequests, review } from './join-requests';
export { findMember, findMembers, findProperty, type MemberFilter, type MemberRow, pageMembers } from './members-read';
export { leaveProperty, listOrgUsers, memberFilter, moveUsers, removeUser, toOrgUser, whereIs } from './membership';
export {
  assertInScope,
  assertMembersInScope,
  type NodeRef,
  type OrgProperty,
  resolveNode,
  rootId,
  scopeNodes,
  targetProperty,
} from './scope';
export { deleteNode, myTree, operatorTrees, propertyRoots, propertyTree, saveNode } from './tree';
