import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

// Written before the rule: changes to packages, registries and remote state others depend on.
const dangerous: Array<readonly [Expected, string]> = [
  ['ask', 'npm publish'],
  ['ask', 'npm publish --access public --tag next'],
  ['ask', 'cd packages/core && pnpm publish --no-git-checks'],
  ['ask', 'yarn npm publish'],
  ['ask', 'npm unpublish mypkg@1.0.3 --force'],
  ['ask', 'npm deprecate mypkg@"<2" "use v2"'],
  ['ask', 'npm dist-tag rm mypkg beta'],
  ['ask', 'npm owner rm alice mypkg'],
  ['ask', 'cargo owner --remove alice'],
  ['ask', 'gh api -X PATCH repos/me/app -f visibility=public'],
  ['ask', 'gh api --method PATCH repos/me/app -F private=false'],
  ['ask', 'cargo publish --allow-dirty'],
  ['ask', 'cargo yank --version 0.3.1 mycrate'],
  ['ask', 'python -m twine upload dist/*'],
  ['ask', 'twine upload --repository pypi dist/*'],
  ['ask', 'poetry publish --build'],
  ['ask', 'uv publish'],
  ['ask', 'gem push mygem-1.0.0.gem'],
  ['ask', 'gem yank mygem -v 1.0.0'],
  ['ask', 'docker push registry.example.com/team/app:latest'],
  ['ask', 'podman push quay.io/me/app'],
  ['ask', 'docker image push me/app:1'],
  ['ask', 'docker compose push'],
  ['ask', 'docker buildx build --platform linux/amd64 --push -t me/app .'],
  ['ask', 'gh repo delete me/project --yes'],
  ['ask', 'gh release delete v1.2.0 --yes'],
  ['ask', 'gh release create v2.0.0 dist/*.tar.gz'],
  ['ask', 'gh api -X DELETE repos/me/project/git/refs/heads/main'],
  ['ask', 'gh repo edit --visibility public --accept-visibility-change-consequences'],
  ['ask', 'git push --mirror git@github.com:me/project.git'],
  ['ask', 'git push origin --delete release'],
  ['ask', 'git push origin +HEAD:main'],
  ['ask', 'kubectl scale deployment/api --replicas=0 -n prod'],
  ['ask', 'kubectl drain node-7 --ignore-daemonsets'],
  ['ask', 'kubectl delete deploy api'],
  ['ask', 'terraform apply -auto-approve'],
  ['ask', 'terraform destroy -target=aws_instance.web'],
  ['ask', 'pulumi up --yes'],
  ['ask', 'helm uninstall api -n prod'],
  ['ask', 'dotnet nuget push bin/Release/pkg.nupkg -k $KEY -s https://api.nuget.org/v3/index.json'],
  ['ask', 'mvn deploy -DskipTests'],
  ['ask', 'vsce publish'],
  ['ask', 'dart pub publish --force'],
];

const benign: Array<readonly [Expected, string]> = [
  ['quiet', 'npm pack'],
  ['quiet', 'cargo owner --list'],
  ['quiet', 'gh api -X PATCH repos/me/app -f description=x'],
  ['quiet', 'npm publish --dry-run'],
  ['quiet', 'npm view mypkg versions'],
  ['quiet', 'cargo publish --dry-run'],
  ['quiet', 'cargo build --release'],
  ['quiet', 'twine check dist/*'],
  ['quiet', 'docker build -t me/app .'],
  ['quiet', 'docker pull alpine:3.20'],
  ['quiet', 'docker compose up -d'],
  ['quiet', 'gh release view v1.2.0'],
  ['quiet', 'gh repo view me/project'],
  ['quiet', 'gh pr list'],
  ['quiet', 'git push origin feature'],
  ['quiet', 'git push -u origin HEAD'],
  ['quiet', 'kubectl get pods -n prod'],
  ['quiet', 'kubectl scale deployment/api --replicas=3'],
  ['quiet', 'terraform plan -out plan.tfplan'],
  ['quiet', 'helm list -A'],
  ['quiet', 'gem build mygem.gemspec'],
];

describe('publishing and remote destruction', () => {
  it('asks before changing packages, registries and remote state', () => expectVerdicts(dangerous));
  it('keeps building, packing, reading and ordinary pushes quiet', () => expectVerdicts(benign));
});
