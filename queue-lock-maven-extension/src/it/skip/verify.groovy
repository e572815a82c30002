def log = new File(basedir, 'build.log').text
assert log.contains('Build queue skipped (-Dqueuelock.build.skip=true).')
assert !log.contains('Build lock acquired')
assert !basedir.list().any { it.startsWith('claude-code-merge-queue-') } : 'a skipped build never touches a queue'
