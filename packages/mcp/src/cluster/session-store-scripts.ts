// The Redis session store's Lua scripts. Each runs atomically in Redis, which is what makes a lease held by one
// execution at a time across every process. Times are Redis's own clock (TIME), so replicas whose clocks disagree
// still agree on when a lease or a session expires.
//
// A session is a hash at <prefix>session:<id>: owner, state (absent until saved), version, ttl (its idle time to
// live, ms), lease and leaseUntil (while an execution holds it). The hash expires by itself after ttl idle (ttl plus
// the lease while leased). <prefix>sessions is a sorted set of every session id by its last use, for the cap and the
// least recently used eviction; an id whose hash expired is dropped from it when `create` next walks it. Uses are
// numbered by a counter (<prefix>sessions:uses) rather than timed, so two within one millisecond keep their order.
import { redisScript } from "./connect-redis.js";

const NOW = `local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
`;

/**
 * KEYS: session, index, use counter. ARGV: id, owner, ttlMs, maxSessions, session key prefix. 1 when created; 0 when the
 * id is already open, or the cap is reached and no session may end. At the cap the session that ends is the least
 * recently used lease-free one of: the owner's own when the new one takes it past its share (maxSessions divided
 * among the owners holding sessions, this one counted), else of an owner over its share, else the owner's own.
 */
export const CREATE = redisScript(`${NOW}
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local id, owner, ttl, max, keyPrefix = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5]
if redis.call('ZCARD', KEYS[2]) >= max then
  local members, owners, idle, counts, distinct = {}, {}, {}, {}, 0
  for _, member in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
    local fields = redis.call('HMGET', keyPrefix .. member, 'owner', 'leaseUntil')
    if not fields[1] then
      redis.call('ZREM', KEYS[2], member)
    elseif member ~= id then
      members[#members + 1] = member
      owners[member] = fields[1]
      idle[member] = not fields[2] or tonumber(fields[2]) <= now
      if not counts[fields[1]] then
        counts[fields[1]] = 0
        distinct = distinct + 1
      end
      counts[fields[1]] = counts[fields[1]] + 1
    end
  end
  if not counts[owner] then distinct = distinct + 1 end
  local live = #members
  -- The set is in order of use, so the first match is the least recently used.
  while live >= max do
    local share = max / distinct
    local own, over = nil, nil
    for _, member in ipairs(members) do
      if idle[member] then
        if owners[member] == owner then
          own = own or member
        elseif counts[owners[member]] > share then
          over = over or member
        end
      end
    end
    local victim
    if (counts[owner] or 0) + 1 > share then victim = own or over else victim = over or own end
    if not victim then return 0 end
    redis.call('DEL', keyPrefix .. victim)
    redis.call('ZREM', KEYS[2], victim)
    idle[victim] = false
    counts[owners[victim]] = counts[owners[victim]] - 1
    live = live - 1
  end
end
redis.call('HSET', KEYS[1], 'owner', owner, 'version', 0, 'ttl', ttl)
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('ZADD', KEYS[2], redis.call('INCR', KEYS[3]), id)
return 1
`);

/** KEYS: session, index, use counter. ARGV: id, owner, token, leaseMs. {"missing"}, {"busy"} or {"ok", state|false, version}. */
export const ACQUIRE = redisScript(`${NOW}
local fields = redis.call('HMGET', KEYS[1], 'owner', 'leaseUntil', 'state', 'version', 'ttl')
if fields[1] ~= ARGV[2] then return {'missing'} end
if fields[2] and tonumber(fields[2]) > now then return {'busy'} end
local leaseMs = tonumber(ARGV[4])
redis.call('HSET', KEYS[1], 'lease', ARGV[3], 'leaseUntil', now + leaseMs)
redis.call('PEXPIRE', KEYS[1], tonumber(fields[5]) + leaseMs)
redis.call('ZADD', KEYS[2], redis.call('INCR', KEYS[3]), ARGV[1])
return {'ok', fields[3], fields[4]}
`);

/** KEYS: session. ARGV: token, leaseMs. 1 when renewed, 0 when the lease was lost. */
export const RENEW = redisScript(`${NOW}
local fields = redis.call('HMGET', KEYS[1], 'lease', 'ttl')
if fields[1] ~= ARGV[1] then return 0 end
local leaseMs = tonumber(ARGV[2])
redis.call('HSET', KEYS[1], 'leaseUntil', now + leaseMs)
redis.call('PEXPIRE', KEYS[1], tonumber(fields[2]) + leaseMs)
return 1
`);

/**
 * KEYS: session, index, use counter. ARGV: id, token, ttlMs, "1" to save the state in ARGV[5] or "0". The version after it, or -1
 * when the lease was lost.
 */
export const RELEASE = redisScript(`
local fields = redis.call('HMGET', KEYS[1], 'lease', 'version')
if fields[1] ~= ARGV[2] then return -1 end
local version = tonumber(fields[2])
if ARGV[4] == '1' then
  redis.call('HSET', KEYS[1], 'state', ARGV[5])
  version = redis.call('HINCRBY', KEYS[1], 'version', 1)
end
redis.call('HDEL', KEYS[1], 'lease', 'leaseUntil')
redis.call('HSET', KEYS[1], 'ttl', ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
redis.call('ZADD', KEYS[2], redis.call('INCR', KEYS[3]), ARGV[1])
return version
`);

/** KEYS: session, index. ARGV: id, owner. 1 when it was open for this owner. */
export const DELETE = redisScript(`
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[2] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
return 1
`);

/**
 * KEYS: index. ARGV: owner, session key prefix. The owner's sessions, most recently used first, as a flat list of id,
 * milliseconds left to live and 1 or 0 for leased. It walks every open session (at most maxSessions): for a console,
 * not for each execution.
 */
export const LIST = redisScript(`${NOW}
local found = {}
for _, member in ipairs(redis.call('ZREVRANGE', KEYS[1], 0, -1)) do
  local key = ARGV[2] .. member
  local fields = redis.call('HMGET', key, 'owner', 'leaseUntil')
  if fields[1] == ARGV[1] then
    local leased = fields[2] and tonumber(fields[2]) > now
    found[#found + 1] = member
    found[#found + 1] = redis.call('PTTL', key)
    found[#found + 1] = leased and 1 or 0
  end
end
return found
`);

