/** A throwaway Settings section for the test that follows the "add a settings section" recipe. */
import './FakeSection.css';

export function FakeSection() {
  return (
    <section className="settings-section fake-section" id="settings-fake" data-testid="settings-fake">
      <h3>Fake</h3>
    </section>
  );
}
