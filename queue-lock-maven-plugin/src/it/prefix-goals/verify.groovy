def log = new File(basedir, 'build.log').text
assert !log.contains('No plugin found for prefix')
assert log.contains('queuelock:status')                       // help lists the goals
assert log.contains('build queue (repo scope): ')
assert log.contains('land queue (repo scope): ')
assert !log.contains('Build lock acquired') : "the plugin's own goals take no build lock"
assert log.count('BUILD SUCCESS') == 2

def json = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/status.json'))
assert json.version == 2
assert json.queues.build.scope == 'repo' && json.queues.build.holder == null && json.queues.build.waiters == []
assert json.queues.land.location.contains('claude-code-merge-queue-land-queue-')
