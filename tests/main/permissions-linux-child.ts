// Run by permissions.test.ts with the session bus pointed at nothing: the Linux checker, over the real
// accessibility bridge, must answer with a sentence (and not hang or throw).
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { createPermissionChecker } from '../../src/shared/permission-checker.js';
import { linuxPermissions } from '../../src/main/permissions-linux.js';

const bridge = AxBridge.open();
const checker = createPermissionChecker(linuxPermissions({ bridgePermission: (deadlineMs) => bridge.permission({ deadlineMs }) }));
console.log(JSON.stringify(await checker.check(['accessibility'])));
