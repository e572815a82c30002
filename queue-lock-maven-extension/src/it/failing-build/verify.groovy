def log = new File(basedir, 'build.log').text
assert log.contains('this build fails on purpose')
assert log.contains('BUILD SUCCESS')
assert log.count('Build lock acquired (') == 2
assert !log.contains('Build queue: ') : 'the second build did not wait'
def queue = basedir.listFiles().find { it.name.startsWith('claude-code-merge-queue-build-queue-') }
assert !new File(queue, 'lock').exists()
