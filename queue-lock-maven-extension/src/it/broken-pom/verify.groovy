// afterSessionEnd does not run when the POM fails to load: the event spy must release.
def log = new File(basedir, 'build.log').text
assert log.contains('Build lock acquired (')   // (lane <name>, …) or (the main checkout, …): where the clone is
assert log.contains('BUILD FAILURE') || log.contains('ERROR')
def queue = basedir.listFiles().find { it.name.startsWith('claude-code-merge-queue-build-queue-') }
assert queue != null
assert !new File(queue, 'lock').exists() : 'released although the POM never loaded'
