import { signingEndpoints } from '@keel/contract/endpoints/signing';
import { defineModule } from '../../platform/http/mount';
import type { tenantOf } from '../../platform/tenancy/tenant';
import * as service from './service';
import { pipelineSign, uploadSign } from './uploads';

/**
 * The signing service: certificates (`cert/`), sign modules (`sm/`), their certificates (`cs/`) and
 * platforms (`cp/`), certificate authorisations (`ca/`), permission collections (`pc/`, `pcg/`, `pcau/`), USB keys
 * (`uk/`), signing (`sign/`) and pipeline tokens (`pat/`). Model: README.md.
 */
export const signingModule = defineModule(signingEndpoints, (s) => {
  service.masterKey(s);
  const ca = (kind: 1 | 2 | 3 | 4 | 5) => ({
    add: async (input: { certId: string } & Record<string, unknown>, ctx: Parameters<typeof tenantOf>[0] & object) => {
      const field = { 1: 'uidList', 2: 'tidList', 3: 'usidList', 4: 'oidList', 5: 'ukeyIdList' }[kind];
      return service.addAuths(s, ctx as never, 'cert', input.certId, kind, input[field] as string[]);
    },
    del: async (input: { certId: string; authIdList: string[] }, ctx: object) =>
      service.removeAuths(s, ctx as never, 'cert', input.certId, input.authIdList, kind),
    list: async (input: { certId: string; pageNum: number; pageSize: number; str?: string }, ctx: object) =>
      service.listAuths(s, ctx as never, 'cert', input.certId, { ...input, authType: kind }),
  });
  const [users, titles, sets, orgs, ukeys] = [ca(1), ca(2), ca(3), ca(4), ca(5)];
  return {
    'cert/getCertList': (input, ctx) => service.listCerts(s, ctx, input),
    'cert/getCertInfo': (input, ctx) => service.certInfo(s, ctx, input.certId),
    'cert/generateCert': async (input, ctx) => ({ certId: await service.generateCert(s, ctx, input) }),
    'cert/importCert': (input, ctx) => service.importCert(s, ctx, input),
    'cert/delCert': async (input, ctx) => {
      await service.deleteCert(s, ctx, input.certId);
      return null;
    },
    'sm/getSignModuleList': (input, ctx) => service.listModules(s, ctx, input),
    'sm/addSignModule': (input, ctx) => service.addModule(s, ctx, input),
    'sm/updateSignModule': (input, ctx) => service.updateModule(s, ctx, input),
    'sm/delSignModule': (input, ctx) => service.deleteModule(s, ctx, input.moduleId),
    'cs/getCertSignRelList': (input, ctx) => service.listRels(s, ctx, input),
    'cs/saveCertSignRel': (input, ctx) => service.saveRel(s, ctx, input),
    'cs/delCertSignRel': (input, ctx) => service.deleteRel(s, ctx, input.relId),
    'cs/getCertTreeList': (input, ctx) => service.certTree(s, ctx, input.str),
    'cs/getFilters': (_input, ctx) => service.filters(s, ctx),
    'cp/getPlatformInfoList': (input, ctx) => service.platforms(s, ctx, input.certId),
    'cp/saveCertPlatformRelList': (input, ctx) => service.savePlatforms(s, ctx, input.certId, input.platformIdList),
    'ca/addUsers': users.add,
    'ca/addTitles': titles.add,
    'ca/addUserSets': sets.add,
    'ca/addOrgs': orgs.add,
    'ca/addUkeys': ukeys.add,
    'ca/delUser': users.del,
    'ca/delTitle': titles.del,
    'ca/delUserSet': sets.del,
    'ca/delOrg': orgs.del,
    'ca/delUkey': ukeys.del,
    'ca/getUserList': users.list,
    'ca/getTitleList': titles.list,
    'ca/getUserSetList': sets.list,
    'ca/getOrgList': orgs.list,
    'ca/getUkeyList': ukeys.list,
    'ca/getUkeyCertList': (input, ctx) => service.ukeyCerts(s, ctx, input.ukeyId),
    'pc/getPermCollectionList': (input, ctx) => service.listCollections(s, ctx, input),
    'pc/savePermCollection': (input, ctx) => service.saveCollection(s, ctx, input),
    'pc/getTypeCodeList': async () => service.typeCodes(),
    'pc/delPermCollection': (input, ctx) => service.deleteCollection(s, ctx, input.pcId),
    'pcg/getPermCollectionGroupList': (input, ctx) => service.listGroups(s, ctx, input),
    'pcg/savePermCollectionGroup': (input, ctx) => service.saveGroup(s, ctx, input),
    'pcg/delPermCollectionGroup': (input, ctx) => service.deleteGroup(s, ctx, input.groupId),
    'pcau/getPermCollectionAuthList': (input, ctx) => service.listAuths(s, ctx, 'pc', input.pcId, input),
    'pcau/getPermCollectionGroupAuthList': (input, ctx) => service.listAuths(s, ctx, 'pcg', input.groupId, input),
    'pcau/addPermCollectionAuth': (input, ctx) =>
      service.addAuths(s, ctx, 'pc', input.pcId, input.authType, input.subjectIdList),
    'pcau/delPermCollectionAuth': (input, ctx) => service.removeAuths(s, ctx, 'pc', input.pcId, input.authIdList),
    'pcau/addPermCollectionGroupAuth': (input, ctx) =>
      service.addAuths(s, ctx, 'pcg', input.groupId, input.authType, input.subjectIdList),
    'pcau/delPermCollectionGroupAuth': (input, ctx) =>
      service.removeAuths(s, ctx, 'pcg', input.groupId, input.authIdList),
    'uk/getUkeyList': (input, ctx) => service.listUkeys(s, ctx, input),
    'uk/getPkcs11Slots': async () => service.slots(s),
    'uk/addUkey': (input, ctx) => service.addUkey(s, ctx, input),
    'uk/delUkey': (input, ctx) => service.deleteUkey(s, ctx, input.ukeyId),
    'uk/getUkeyKeyList': (input, ctx) => service.ukeyKeys(s, ctx, input.ukeyId),
    'uk/addUkeyCert': (input, ctx) => service.addUkeyCert(s, ctx, input),
    'uk/getUkeyAuthList': (input, ctx) => service.listAuths(s, ctx, 'ukey', input.ukeyId, input),
    'uk/addUkeyAuth': (input, ctx) =>
      service.addAuths(s, ctx, 'ukey', input.ukeyId, input.authType, input.subjectIdList),
    'uk/delUkeyAuth': (input, ctx) => service.removeAuths(s, ctx, 'ukey', input.ukeyId, input.authIdList),
    'sign/getSignOptions': (_input, ctx) => service.signOptions(s, ctx),
    'sign/signFile': (input, ctx) => service.signFile(s, ctx, input),
    'sign/signUpload': (input, ctx) => uploadSign(s, ctx, input),
    'sign/pipelineSign': (input, ctx) => pipelineSign(s, ctx, input),
    'sign/getSignRecordList': (input, ctx) => service.listRecords(s, ctx, input),
    'sign/getSignatureDownloadUrl': (input, ctx) => service.recordDownload(s, ctx, input.sigId),
    'pat/getTokenList': (_input, ctx) => service.listTokens(s, ctx),
    'pat/addToken': (input, ctx) => service.addToken(s, ctx, input),
    'pat/delToken': (input, ctx) => service.deleteToken(s, ctx, input.tokenId),
  };
});
