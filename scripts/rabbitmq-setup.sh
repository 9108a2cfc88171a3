#!/bin/sh
# Configures a local RabbitMQ (3.10+) for the portal, idempotently, starting the node if it is
# down: enables Web-STOMP and the HTTP auth backend, and points the backend at the API's
# /api/iam/rabbitmq/auth/* endpoints, so that browsers connect with the API's broker token as
# passcode (ARCHITECTURE "Real-time"). The API's own AMQP user keeps authenticating against
# RabbitMQ's internal database (tried first). Web-STOMP frames are limited to 131072 bytes.
#
# Browsers never reach Web-STOMP themselves: the API's gateway at /events/ws/amqp does, for them.
# So Web-STOMP (and the plain STOMP listener its plugin brings, port 61613) listen on the loopback
# interface only by default; set RABBITMQ_WEB_STOMP_IP to the address of an internal network when
# the API runs on another machine, never to one browsers can reach.
#
# The settings go to the node's config file, between markers (replaced on every run: boots after
# this one have them), and are applied to the running node at once (no restart).
#
#   PORTAL_API_URL           where RabbitMQ asks the API (default http://127.0.0.1:8080)
#   RABBITMQ_CONFIG_FILE     the node's rabbitmq.conf (default /etc/rabbitmq/rabbitmq.conf)
#   RABBITMQ_WEB_STOMP_PORT  Web-STOMP's port (default 15674; the endpoint is ws://host:port/ws)
#   RABBITMQ_WEB_STOMP_IP    the address Web-STOMP and STOMP listen on (default 127.0.0.1)
set -eu

API_URL="${PORTAL_API_URL:-http://127.0.0.1:8080}"
API_URL="${API_URL%/}"
CONFIG_FILE="${RABBITMQ_CONFIG_FILE:-/etc/rabbitmq/rabbitmq.conf}"
STOMP_PORT="${RABBITMQ_WEB_STOMP_PORT:-15674}"
STOMP_IP="${RABBITMQ_WEB_STOMP_IP:-127.0.0.1}"
PLAIN_STOMP_PORT=61613
MAX_FRAME=131072
AUTH="$API_URL/api/iam/rabbitmq/auth"
BEGIN='# BEGIN portal (scripts/rabbitmq-setup.sh)'
END='# END portal'

# Both go into Erlang terms below: nothing but an address and a number.
case "$STOMP_IP" in
  '' | *[!0-9A-Fa-f:.]*) echo "rabbitmq-setup: RABBITMQ_WEB_STOMP_IP must be an IP address, not '$STOMP_IP'" >&2; exit 2 ;;
esac
case "$STOMP_PORT" in
  '' | *[!0-9]*) echo "rabbitmq-setup: RABBITMQ_WEB_STOMP_PORT must be a port number, not '$STOMP_PORT'" >&2; exit 2 ;;
esac

for tool in rabbitmq-plugins rabbitmqctl rabbitmq-diagnostics; do
  command -v "$tool" >/dev/null 2>&1 || { echo "rabbitmq-setup: $tool not found (is RabbitMQ installed?)" >&2; exit 1; }
done

if ! rabbitmq-diagnostics -q ping >/dev/null 2>&1; then
  echo "rabbitmq-setup: starting the RabbitMQ node"
  if command -v service >/dev/null 2>&1 && [ -x /etc/init.d/rabbitmq-server ]; then
    service rabbitmq-server start >/dev/null
  else
    rabbitmq-server -detached
  fi
  rabbitmqctl --timeout 60 await_startup >/dev/null
fi

echo "rabbitmq-setup: enabling rabbitmq_web_stomp and rabbitmq_auth_backend_http"
rabbitmq-plugins enable rabbitmq_web_stomp rabbitmq_auth_backend_http >/dev/null

echo "rabbitmq-setup: writing the portal block of $CONFIG_FILE"
mkdir -p "$(dirname "$CONFIG_FILE")"
touch "$CONFIG_FILE"
kept="$(mktemp)"
trap 'rm -f "$kept"' EXIT
awk -v begin="$BEGIN" -v end="$END" '$0 == begin { skip = 1; next } $0 == end { skip = 0; next } !skip' "$CONFIG_FILE" >"$kept"
{
  cat "$kept"
  echo "$BEGIN"
  echo "auth_backends.1 = internal"
  echo "auth_backends.2 = http"
  echo "auth_http.http_method = get"
  echo "auth_http.user_path = $AUTH/user"
  echo "auth_http.vhost_path = $AUTH/vhost"
  echo "auth_http.resource_path = $AUTH/resource"
  echo "auth_http.topic_path = $AUTH/topic"
  echo "web_stomp.tcp.ip = $STOMP_IP"
  echo "web_stomp.tcp.port = $STOMP_PORT"
  echo "stomp.listeners.tcp.1 = $STOMP_IP:$PLAIN_STOMP_PORT"
  echo "web_stomp.ws_opts.max_frame_size = $MAX_FRAME"
  echo "$END"
} >"$CONFIG_FILE"

echo "rabbitmq-setup: applying the settings to the running node"
rabbitmqctl eval "
  application:set_env(rabbit, auth_backends, [rabbit_auth_backend_internal, rabbit_auth_backend_http]),
  application:set_env(rabbitmq_auth_backend_http, http_method, get),
  application:set_env(rabbitmq_auth_backend_http, user_path, \"$AUTH/user\"),
  application:set_env(rabbitmq_auth_backend_http, vhost_path, \"$AUTH/vhost\"),
  application:set_env(rabbitmq_auth_backend_http, resource_path, \"$AUTH/resource\"),
  application:set_env(rabbitmq_auth_backend_http, topic_path, \"$AUTH/topic\"),
  {ok, Tcp} = application:get_env(rabbitmq_web_stomp, tcp_config),
  Ws = case application:get_env(rabbitmq_web_stomp, cowboy_ws_opts) of {ok, W} -> W; undefined -> [] end,
  NewTcp = lists:keystore(ip, 1, lists:keystore(port, 1, Tcp, {port, $STOMP_PORT}), {ip, \"$STOMP_IP\"}),
  NewWs = lists:keystore(max_frame_size, 1, Ws, {max_frame_size, $MAX_FRAME}),
  Stomp = [{\"$STOMP_IP\", $PLAIN_STOMP_PORT}],
  Changed = NewTcp =/= Tcp orelse NewWs =/= Ws orelse application:get_env(rabbitmq_stomp, tcp_listeners) =/= {ok, Stomp},
  case Changed of
    true ->
      ok = application:stop(rabbitmq_web_stomp),
      ok = application:stop(rabbitmq_stomp),
      %% Web-STOMP's listener belongs to ranch, not to the plugin: it outlives the plugin's stop.
      Listeners = case ranch:info() of Info when is_map(Info) -> maps:keys(Info); Info -> [Ref || {Ref, _} <- Info] end,
      [ranch:stop_listener(Ref) || {acceptor, _, Port} = Ref <- Listeners, Port =:= proplists:get_value(port, Tcp) orelse Port =:= $STOMP_PORT],
      application:set_env(rabbitmq_stomp, tcp_listeners, Stomp),
      application:set_env(rabbitmq_web_stomp, tcp_config, NewTcp),
      application:set_env(rabbitmq_web_stomp, cowboy_ws_opts, NewWs),
      ok = application:start(rabbitmq_stomp),
      ok = application:start(rabbitmq_web_stomp),
      restarted;
    false -> unchanged
  end.
" >/dev/null

echo "rabbitmq-setup: Web-STOMP at ws://$STOMP_IP:$STOMP_PORT/ws (STOMP at $STOMP_IP:$PLAIN_STOMP_PORT), authenticating browsers at $AUTH"
