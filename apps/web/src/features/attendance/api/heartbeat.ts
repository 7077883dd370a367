// POST /api/attendance/heartbeat: a playing player's report (docs/attendance.md → Online attendance).
import { heartbeatResponse, type HeartbeatBody } from '@store/shared/schemas/attendance';
import { apiRequest } from '../../../lib/api-client';

export async function sendHeartbeat(body: HeartbeatBody) {
  return (await apiRequest('/api/attendance/heartbeat', heartbeatResponse, { method: 'POST', body }))
    .attendance;
}
