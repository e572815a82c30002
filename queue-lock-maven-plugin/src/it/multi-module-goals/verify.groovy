// One build.log for the four runs; each ends with Maven's 'Total time:' line.
def runs = new File(basedir, 'build.log').text.split('Total time:')
assert runs.size() == 5 : "four runs: ${runs.size() - 1}"
def (ownOnly, mixed, chosen, leftOut) = [runs[0], runs[1], runs[2], runs[3]]

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

assert leftOut.contains('build queue (repo scope): ') && leftOut.contains('BUILD SUCCESS')
assert !leftOut.contains('Reactor Summary') && !leftOut.contains('SKIPPED')
