def log = new File(basedir, 'build.log').text
assert log.contains('Build lock acquired (')   // (lane <name>, …) or (the main checkout, …): where the clone is
assert !log.contains('Build queue: ')   // nobody else in this queue: no wait lines
assert log.contains('BUILD SUCCESS')
def queues = basedir.listFiles().findAll { it.name.startsWith('claude-code-merge-queue-build-queue-') }
assert queues.size() == 1 : "one build queue dir under the project's TMPDIR: ${basedir.list()}"
assert !new File(queues[0], 'lock').exists() : 'the lock is released when the session ends'
assert queues[0].toPath().resolve('tickets').toFile().list().length == 0
