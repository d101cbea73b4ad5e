/**
 * Organisation rules (README.md), one file per job: which property and scope a call works in (scope.ts), the tree
 * (tree.ts), members (membership.ts), invitations (invitations.ts), join requests (join-requests.ts), what
 * the last two share (requests.ts) and the reads other modules build on (reads.ts). This file is the module's face
 * for routes and other modules (a module that membership.ts imports uses reads.ts, to stay out of an import
 * cycle). No SQL, no HTTP.
 */
export { answerInvite, deliverPendingInvitations, invite, inviteInfo, registerMember } from './invitations';
export { applyJoin, listRequests, memberJoinApplications, review } from './join-requests';
export { leaveProperty, listOrgUsers, memberFilter, moveUsers, removeUser, toOrgUser, whereIs } from './membership';
export {
  findMember,
  findMembers,
  findProperty,
  type MemberFilter,
  type MemberRow,
  memberPage,
  membersByPhone,
  nodeNames,
  orgScope,
} from './reads';
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
