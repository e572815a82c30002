def log = new File(basedir, 'build.log').text
assert log.contains('Build lock acquired (')   // (lane <name>, …) or (the main checkout, …): where the clone is
assert log.contains('Build queue: running inside the build lock held by lane ')
assert log.contains('its-nested-build-inner')
assert log.contains('BUILD SUCCESS')
