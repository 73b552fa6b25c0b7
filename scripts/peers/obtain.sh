# Sourced by the peer scripts: `obtain` clones $URL (or $PEER_GIT_URL, e.g. a local mirror) into
# $DIR once and checks out $COMMIT, refusing a tree that is not that commit byte for byte (the
# build's output is untracked), so the peer timed is the version named.
obtain() {
  if [ ! -d "$DIR/.git" ]; then
    mkdir -p "$(dirname "$DIR")"
    git clone --quiet "${PEER_GIT_URL:-$URL}" "$DIR" >&2
  fi
  git -C "$DIR" -c advice.detachedHead=false checkout --quiet "$COMMIT"
  local head
  head=$(git -C "$DIR" rev-parse HEAD)
  [ "$head" = "$COMMIT" ] || { echo "$NAME: checked out $head, expected $COMMIT" >&2; exit 1; }
  git -C "$DIR" diff --quiet HEAD || { echo "$NAME: $DIR differs from $COMMIT" >&2; exit 1; }
}
