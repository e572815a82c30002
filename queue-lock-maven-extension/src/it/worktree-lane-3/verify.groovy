// Interpolated into the POM on every Maven the extension supports (3.8, 3.9 and 4 run this).
def lane = new File(basedir, 'target/lane.txt')
assert lane.exists() : 'the antrun execution wrote nothing'
assert lane.text == 'number=3 port=8083'
assert new File(basedir, 'build.log').text.contains('BUILD SUCCESS')
