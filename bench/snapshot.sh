# The starting point of bench/real-project.sh and bench/reuse-agents.sh, sourced by both: one
# repository holding a project's HEAD tracked files as one commit, then one commit adding
# queue-lock's core extension to .mvn/extensions.xml and the given options to .mvn/maven.config.

# make_snapshot PROJECT SNAPSHOT VERSION [OPTION...]: SNAPSHOT is made afresh (its parent directory
# must exist); each OPTION becomes one line of .mvn/maven.config.
make_snapshot() {
  local project=$1 snapshot=$2 version=$3 entry name
  shift 3
  name=$(basename "$project")
  rm -rf "$snapshot" "$snapshot.index"
  mkdir -p "$snapshot"
  # HEAD's tracked files exactly (no history: the origin stays small and the runs alike), read with
  # a throw-away index so the checkout's own index and work tree are not touched.
  GIT_INDEX_FILE=$snapshot.index git -C "$project" read-tree HEAD
  # A file whose content the repository lacks (a partial mirror's largest blobs) cannot be written:
  # it is left out, and named.
  local missing
  missing=$(git -C "$project" ls-tree -r HEAD | awk -F'\t' '$1 ~ / blob / { split($1, f, " "); print f[3] }' \
    | git -C "$project" cat-file --batch-check | sed -n 's/ missing$//p')
  if [ -n "$missing" ]; then
    local -a absent
    mapfile -t absent < <(git -C "$project" ls-tree -r HEAD | grep -F -f <(printf '%s\n' "$missing") | cut -f2-)
    GIT_INDEX_FILE=$snapshot.index git -C "$project" update-index --force-remove -- "${absent[@]}"
    echo "left out of the snapshot (their content is not in $project's repository): ${absent[*]}"
  fi
  GIT_INDEX_FILE=$snapshot.index git -C "$project" checkout-index -a -f --prefix="$snapshot/"
  rm -f "$snapshot.index"
  git -C "$snapshot" init -q --initial-branch=main
  git -C "$snapshot" add -A -f
  git -C "$snapshot" commit -q -m "$name at $(git -C "$project" rev-parse HEAD)"
  mkdir -p "$snapshot/.mvn"
  entry="  <extension>
    <groupId>dev.queuelock</groupId>
    <artifactId>queue-lock-maven-extension</artifactId>
    <version>$version</version>
  </extension>"
  if [ -f "$snapshot/.mvn/extensions.xml" ]; then
    if ! grep -q queue-lock-maven-extension "$snapshot/.mvn/extensions.xml"; then
      awk -v e="$entry" '/<\/extensions>/ && !done { print e; done = 1 } { print }' "$snapshot/.mvn/extensions.xml" \
        > "$snapshot.extensions.xml"
      mv "$snapshot.extensions.xml" "$snapshot/.mvn/extensions.xml"
    fi
  else
    printf '<extensions>\n%s\n</extensions>\n' "$entry" > "$snapshot/.mvn/extensions.xml"
  fi
  if [ $# -gt 0 ]; then
    [ ! -s "$snapshot/.mvn/maven.config" ] || [ -z "$(tail -c 1 "$snapshot/.mvn/maven.config")" ] \
      || echo >> "$snapshot/.mvn/maven.config"
    # Option and value on lines of their own: Maven 3.8 splits the file at white space, 3.9 at lines.
    printf '%s\n' "$@" >> "$snapshot/.mvn/maven.config"
  fi
  git -C "$snapshot" add -f .mvn/extensions.xml
  [ ! -f "$snapshot/.mvn/maven.config" ] || git -C "$snapshot" add -f .mvn/maven.config
  git -C "$snapshot" commit -q -m "Build and land through queue-lock $version"
}
