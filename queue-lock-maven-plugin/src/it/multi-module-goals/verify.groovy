// One build.log for the three runs; each ends with Maven's 'Total time:' line.
def runs = new File(basedir, 'build.log').text.split('Total time:')
assert runs.size() == 4 : "three runs: ${runs.size() - 1}"
def (ownOnly, mixed, chosen) = [runs[0], runs[1], runs[2]]

assert ownOnly.contains('build queue (repo scope): ') && ownOnly.contains('BUILD SUCCESS')
assert !ownOnly.contains('Reactor Build Order')
assert !ownOnly.contains('Reactor Summary')
assert !ownOnly.contains('SKIPPED')
assert !ownOnly.contains('its-multi-module-a') && !ownOnly.contains('its-multi-module-b')
assert !ownOnly.contains('Build lock acquired') : "the plugin's own goals take no build lock"

assert mixed.contains('Reactor Build Order') && mixed.contains('Reactor Summary')
assert mixed.contains('its-multi-module-a') && mixed.contains('its-multi-module-b')
assert mixed.contains('build queue (repo scope): ') && mixed.contains('Build lock acquired')
assert mixed.contains('BUILD SUCCESS')

assert chosen.contains('its-multi-module-b') && chosen.contains('build queue (repo scope): ')
assert chosen.contains('BUILD SUCCESS')
