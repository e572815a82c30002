# Lays out queue-lock as built in a checkout into a private local repository, sourced by
# bench/goal-overhead.sh and bench/rolling-vs-rounds.sh: the jars each module's `package` left in
# its target/, as `mvn install` would lay them out, under the release version a user's
# extensions.xml names (0.1.0 for 0.1.0-SNAPSHOT: no snapshot metadata). Nothing is installed into
# ~/.m2.

lay_out_queue_lock() {  # CHECKOUT REPO SCRATCH: CHECKOUT's built modules into REPO (SCRATCH: a directory it may empty)
  local src=$1 repo=$2 scratch=$3 version release m jar pom
  version=$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' "$src/pom.xml" | head -n 1)
  release=${version%-SNAPSHOT}
  rm -rf "$repo/dev/queuelock"
  _lay() {  # ARTIFACT POM [JAR]
    local dir="$repo/dev/queuelock/$1/$release"
    mkdir -p "$dir"
    sed "s:$version:$release:g" "$2" > "$dir/$1-$release.pom"
    [ -z "${3:-}" ] || cp "$3" "$dir/$1-$release.jar"
  }
  _lay queue-lock-parent "$src/pom.xml"
  # The modules of this checkout (they differ between commits: the repository module came later).
  for m in $(sed -n 's:.*<module>[[:space:]]*\([^<[:space:]]*\)[[:space:]]*</module>.*:\1:p' "$src/pom.xml"); do
    jar="$src/$m/target/$m-$version.jar"
    [ -f "$jar" ] || continue
    pom="$src/$m/pom.xml"
    # A shaded jar carries its dependencies inside: its POM is the shade plugin's reduced one.
    [ ! -f "$src/$m/dependency-reduced-pom.xml" ] || pom="$src/$m/dependency-reduced-pom.xml"
    _lay "$m" "$pom" "$jar"
  done
  # The versions inside the jars too: the extension pins `queuelock:` goals to the plugin version
  # it names, and the plugin's descriptor names its own.
  _relabel() {  # ARTIFACT ENTRY
    local in="$repo/dev/queuelock/$1/$release/$1-$release.jar"
    rm -rf "$scratch"; mkdir -p "$scratch/$(dirname "$2")"
    unzip -p "$in" "$2" | sed "s:$version:$release:g" > "$scratch/$2"
    (cd "$scratch" && jar --update --file "$in" "$2")
  }
  _relabel queue-lock-maven-extension dev/queuelock/maven/plugin.properties
  _relabel queue-lock-maven-plugin META-INF/maven/plugin.xml
  echo "$release"
}
