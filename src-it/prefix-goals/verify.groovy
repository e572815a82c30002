def log = new File(basedir, 'build.log').text
assert !log.contains('No plugin found for prefix')
assert log.contains('queuelock:status')                       // help lists the goals
assert log.contains('build queue (repo scope): ')
assert log.contains('land queue (repo scope): ')
assert log.contains('"build" : {') && log.contains('"waiters" : [ ]')
assert !log.contains('Build lock acquired') : "the plugin's own goals take no build lock"
assert log.count('BUILD SUCCESS') == 4

def json = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/status.json'))
assert json.build.scope == 'repo' && json.build.holder == null && json.build.waiters == []
assert json.land.location.contains('claude-code-merge-queue-land-queue-')
